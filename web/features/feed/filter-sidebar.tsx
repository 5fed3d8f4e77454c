import { activeFilterCount, type FeedParams, MAX_SEARCH_LENGTH } from "@contract/feed-query";
import { CATEGORIES, DATE_RANGE_LABELS, DATE_RANGES, type DateRange, type SortBy, STYLES } from "@contract/options";
import { ChevronDown, Search, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { OptionSelect } from "@/components/ui/option-select";
import { StarRatingInput } from "@/components/ui/star-rating";
import { cn } from "@/lib/utils";
import { useFeedBase } from "./feed-base";
import { NoScriptFilters } from "./no-script-filters";
import type { FeedChange } from "./use-feed";

const ALL = "all";
const SEARCH_DELAY_MS = 300;

/**
 * The search box: typing updates the URL once the reader pauses, not on every key. It is a GET
 * form to the home page carrying the other filters, so Enter searches before the page's scripts
 * run or without them (the server renders the feed the URL asks for).
 */
function SearchBox({
  value,
  keep,
  onSearch,
}: {
  value: string;
  /** The other filters in the URL, sent along by a search made without scripts. */
  keep: Array<[string, string]>;
  onSearch: (text: string, typing: boolean) => void;
}) {
  const id = useId();
  const basePath = useFeedBase();
  const [text, setText] = useState(value);
  const committed = useRef(value);
  // The newest callback, without restarting the pause timer each time the parent renders.
  const search = useRef(onSearch);
  search.current = onSearch;

  // Back, Forward or 'Clear filters' changed the URL: show what it now says.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === committed.current) return;
    const timer = setTimeout(() => {
      // Keep one history entry per search rather than one per pause while typing.
      const typing = committed.current !== "" && next !== "";
      committed.current = next;
      search.current(next, typing);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <form
      method="get"
      action={basePath}
      role="search"
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        const next = text.trim();
        committed.current = next;
        search.current(next, false);
      }}
    >
      {keep.map(([name, kept]) => (
        <input key={name} type="hidden" name={name} value={kept} />
      ))}
      <Label htmlFor={id}>Search</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          name="search"
          type="search"
          placeholder="Search by title, author..."
          autoComplete="off"
          enterKeyHint="search"
          maxLength={MAX_SEARCH_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={cn("pl-9 [&::-webkit-search-cancel-button]:hidden", text && "pr-9")}
        />
        {text && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => setText("")}
            className="absolute right-2 top-1/2 flex h-6 w-6 -translate-y-1/2 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="h-3.5 w-3.5" />
          </button>
        )}
      </div>
    </form>
  );
}

function FilterSelect({
  label,
  value,
  allLabel,
  allLast = false,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  /** The entry that clears the filter ('all'). */
  allLabel: string;
  allLast?: boolean;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  // A linked value outside the offered list (an edit-only category) still shows as chosen.
  const items = value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  const all = { value: ALL, label: allLabel };
  return (
    <div className="min-w-0 space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <OptionSelect
        id={id}
        className="bg-background"
        value={value ?? ALL}
        onValueChange={(next) => onChange(next === ALL ? undefined : next)}
        options={allLast ? [...items, all] : [all, ...items]}
      />
    </div>
  );
}

/** The filters besides the search, as the URL names them. */
function keptFilters(params: FeedParams): Array<[string, string]> {
  const pairs: Array<[string, string | undefined]> = [
    ["category", params.category],
    ["style", params.style],
    ["minRating", params.minRating ? String(params.minRating) : undefined],
    ["dateRange", params.dateRange],
    ["sortBy", params.sortBy],
  ];
  return pairs.filter((pair): pair is [string, string] => Boolean(pair[1]));
}

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c, label: c }));
// 'All Time' is the list's own "all" entry, last as in spec section 9.
const DATE_OPTIONS = DATE_RANGES.filter((d) => d !== ALL).map((d) => ({ value: d, label: DATE_RANGE_LABELS[d] }));

/** The sidebar's filters (spec section 2): search, category, style, minimum rating, date range. */
export function FeedFilters({
  params,
  sortBy,
  sorts,
  onChange,
}: {
  params: FeedParams;
  /** The sort shown and those offered: the form used without scripts carries the sort too. */
  sortBy: SortBy;
  sorts: SortBy[];
  onChange: (change: FeedChange, options?: { replace?: boolean }) => void;
}) {
  const active = activeFilterCount(params);
  const toggleId = useId();
  // On a phone the filters fold away behind their heading, so the first article shows in the
  // first screen (issue 19): a checkbox and CSS, so they open before the scripts run and without
  // them. From the large breakpoint they are always open, as before.
  return (
    <Card className="group p-4 sm:p-5">
      <input
        type="checkbox"
        id={toggleId}
        className="filters-toggle peer sr-only lg:hidden"
        aria-label={active > 0 ? `Show filters (${active} set)` : "Show filters"}
      />
      <div className="flex items-center justify-between gap-2 peer-checked:mb-4 lg:mb-4">
        <h2 className="text-base font-semibold">
          <label
            htmlFor={toggleId}
            className="-m-1 flex cursor-pointer items-center gap-2 rounded-sm p-1 group-has-[.filters-toggle:focus-visible]:ring-2 group-has-[.filters-toggle:focus-visible]:ring-ring lg:pointer-events-none lg:cursor-auto"
          >
            <SlidersHorizontal className="h-4 w-4 text-primary" aria-hidden="true" /> Filters
            {active > 0 && (
              <span className="rounded-full bg-primary/10 px-2 text-xs font-semibold text-primary lg:hidden">
                {active}
              </span>
            )}
            <ChevronDown
              className="h-4 w-4 text-muted-foreground transition-transform group-has-[.filters-toggle:checked]:rotate-180 lg:hidden"
              aria-hidden="true"
            />
          </label>
        </h2>
        {active > 0 && (
          <button
            type="button"
            // Without scripts the no-script form has its own Clear all.
            className="needs-script rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() =>
              onChange({
                search: undefined,
                category: undefined,
                style: undefined,
                minRating: undefined,
                dateRange: undefined,
              })
            }
          >
            Clear all ({active})
          </button>
        )}
      </div>
      <div className="hidden peer-checked:block lg:block">
        <NoScriptFilters params={params} sortBy={sortBy} sorts={sorts} />
        <div className="needs-script grid grid-cols-2 gap-x-3 gap-y-4 lg:grid-cols-1">
          <div className="col-span-2 lg:col-span-1">
            <SearchBox
              value={params.search ?? ""}
              keep={keptFilters(params)}
              onSearch={(text, typing) => onChange({ search: text || undefined }, { replace: typing })}
            />
          </div>
          <FilterSelect
            label="Category"
            value={params.category}
            allLabel="All Categories"
            options={CATEGORY_OPTIONS}
            onChange={(category) => onChange({ category })}
          />
          <FilterSelect
            label="Writing Style"
            value={params.style}
            allLabel="All Styles"
            options={STYLES}
            onChange={(style) => onChange({ style: style as FeedParams["style"] })}
          />
          <div className="min-w-0 space-y-2">
            <p className="text-sm font-medium leading-6">Minimum Rating</p>
            <div className="flex h-10 items-center gap-2">
              <StarRatingInput
                label="Minimum Rating"
                value={params.minRating ?? 0}
                allowClear
                onChange={(rating) => onChange({ minRating: rating || undefined })}
                className="-ml-0.5"
              />
              <span className="whitespace-nowrap text-xs text-muted-foreground" aria-live="polite">
                {params.minRating ? `${params.minRating}+` : "Any"}
              </span>
            </div>
          </div>
          <FilterSelect
            label="Date Range"
            value={params.dateRange}
            allLabel={DATE_RANGE_LABELS.all}
            allLast
            options={DATE_OPTIONS}
            onChange={(dateRange) => onChange({ dateRange: dateRange as Exclude<DateRange, "all"> | undefined })}
          />
        </div>
      </div>
    </Card>
  );
}
