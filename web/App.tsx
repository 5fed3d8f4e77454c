import { matchPage } from "@contract/pages";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { Route, Router, Switch, useLocation } from "wouter";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { useAuth } from "@/hooks/use-auth";
import AdminPage from "@/pages/admin";
import ArticlePage from "@/pages/article";
import HomePage from "@/pages/home";
import LandingPage from "@/pages/landing";
import LoginPage from "@/pages/login";
import MyArticlesPage from "@/pages/my-articles";
import NotFoundPage from "@/pages/not-found";
import PaymentFailedPage from "@/pages/payment-failed";
import PaymentSuccessPage from "@/pages/payment-success";
import ProfilePage from "@/pages/profile";
import RegisterPage from "@/pages/register";
import SettingsPage from "@/pages/settings";
import SubscriptionPage from "@/pages/subscription";

/** Keeps the document title right on client-side navigation (the server sets the first one). */
function DocumentTitle() {
  const [location] = useLocation();
  const { isAuthenticated } = useAuth();
  useEffect(() => {
    document.title = matchPage(location, isAuthenticated).title;
  }, [location, isAuthenticated]);
  return null;
}

/** Spec section 2's route table: the signed-in pages exist only once auth has a user. */
function Routes() {
  const { isAuthenticated, isLoading } = useAuth();
  const signedIn = isAuthenticated && !isLoading;
  return (
    <Switch>
      <Route path="/login" component={LoginPage} />
      <Route path="/register" component={RegisterPage} />
      <Route path="/article/:identifier" component={ArticlePage} />
      <Route path="/payment/success" component={PaymentSuccessPage} />
      <Route path="/payment/failed" component={PaymentFailedPage} />
      <Route path="/" component={signedIn ? HomePage : LandingPage} />
      {/* Profile and admin explain themselves to visitors ('Access Denied'); the rest ask them to sign in. */}
      <Route path="/profile" component={ProfilePage} />
      <Route path="/admin" component={AdminPage} />
      <Route path="/my-articles" component={MyArticlesPage} />
      <Route path="/settings" component={SettingsPage} />
      <Route path="/subscription" component={SubscriptionPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

export function App({ queryClient, ssrPath }: { queryClient: QueryClient; ssrPath?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={ssrPath}>
        <DocumentTitle />
        <Routes />
      </Router>
      <LazyToaster />
    </QueryClientProvider>
  );
}
