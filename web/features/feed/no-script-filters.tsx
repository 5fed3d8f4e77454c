import { type FeedParams, MAX_SEARCH_LENGTH } from "@contract/feed-query";
import { CATEGORIES, DATE_RANGE_LABELS, DATE_RANGES, SORT_LABELS, type SortBy, STYLES } from "@contract/options";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SelectField } from "@/components/ui/labeled-select";
import { useFeedBase } from "./feed-base";

const RATINGS = [1, 2, 3, 4, 5];

function NativeSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  // Fixed ids: this form exists only in the server's HTML (inside <noscript>), never hydrated.
  return (
    <div className="min-w-0">
      <SelectField id={`no-script-${name}`} name={name} label={label} defaultValue={value} options={options} />
    </div>
  );
}

/**
 * The feed's filters and sort for a browser without JavaScript: one GET form to the home page
 * with native selects and an Apply button, rendered inside <noscript> (the scripted filters are
 * hidden then, see styles.css). The server renders the feed the address asks for.
 */
export function NoScriptFilters({ params, sortBy, sorts }: { params: FeedParams; sortBy: SortBy; sorts: SortBy[] }) {
  const basePath = useFeedBase();
  return (
    <noscript>
      <form method="get" action={basePath} role="search" className="grid grid-cols-2 gap-x-3 gap-y-4 lg:grid-cols-1">
        <div className="col-span-2 space-y-2 lg:col-span-1">
          <Label htmlFor="no-script-search">Search</Label>
          <Input
            id="no-script-search"
            name="search"
            type="search"
            placeholder="Search by title, author..."
            maxLength={MAX_SEARCH_LENGTH}
            defaultValue={params.search ?? ""}
          />
        </div>
        <NativeSelect
          name="category"
          label="Category"
          value={params.category ?? ""}
          options={[{ value: "", label: "All Categories" }, ...CATEGORIES.map((c) => ({ value: c, label: c }))]}
        />
        <NativeSelect
          name="style"
          label="Writing Style"
          value={params.style ?? ""}
          options={[{ value: "", label: "All Styles" }, ...STYLES]}
        />
        <NativeSelect
          name="minRating"
          label="Minimum Rating"
          value={params.minRating ? String(params.minRating) : ""}
          options={[{ value: "", label: "Any" }, ...RATINGS.map((r) => ({ value: String(r), label: `${r}+ stars` }))]}
        />
        <NativeSelect
          name="dateRange"
          label="Date Range"
          value={params.dateRange ?? ""}
          options={[
            ...DATE_RANGES.filter((d) => d !== "all").map((d) => ({ value: d, label: DATE_RANGE_LABELS[d] })),
            { value: "", label: DATE_RANGE_LABELS.all },
          ]}
        />
        <NativeSelect
          name="sortBy"
          label="Sort by"
          value={sortBy}
          options={sorts.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
        />
        <div className="col-span-2 flex items-center gap-3 lg:col-span-1">
          <Button type="submit">Apply filters</Button>
          <a href={basePath} className="text-sm font-medium text-primary hover:underline">
            Clear all
          </a>
        </div>
      </form>
    </noscript>
  );
}
