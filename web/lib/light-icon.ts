import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

/** An icon as lucide-react's icon modules describe it (their `__iconData`). */
export interface IconData {
  name?: string;
  aliases?: readonly string[];
  size?: number;
  node: ReadonlyArray<readonly [string, Record<string, string | number>]>;
}

export type LightIconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

/**
 * A lucide icon with lucide's markup, made cheaply: its shapes are React elements built once,
 * and each render only sets the svg's attributes. lucide-react's own component rebuilds every
 * shape and merges classes on each render, which was a fifth of the article page's server
 * render and of its hydration. The build points `import { X } from "lucide-react"` here
 * (vite.config.ts); the dev server keeps lucide-react's components.
 */
export function lightIcon(data: IconData) {
  const shapes = data.node.map(([tag, attributes]) => createElement(tag, attributes));
  const own = [
    "lucide",
    ...(data.name ? [`lucide-${data.name}`] : []),
    ...(data.aliases ?? []).map((alias) => `lucide-${alias}`),
  ].join(" ");
  const box = data.size ?? 24;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon at its module's top level, never during a render.
  return forwardRef<SVGSVGElement, LightIconProps>(function LightIcon(
    { className, size, width, height, strokeWidth, absoluteStrokeWidth, color, children, ...rest },
    ref,
  ) {
    const w = width ?? size ?? 24;
    const stroke = strokeWidth ?? 2;
    // Like lucide: hidden from assistive technology unless it is labelled or holds content.
    const labelled =
      children != null || Object.keys(rest).some((k) => k.startsWith("aria-") || k === "role" || k === "title");
    return createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: w,
        height: height ?? size ?? 24,
        viewBox: `0 0 ${box} ${box}`,
        fill: "none",
        stroke: color ?? "currentColor",
        strokeWidth: absoluteStrokeWidth ? (Number(stroke) * box) / Number(w) : stroke,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: className ? `${own} ${className}` : own,
        ...(labelled ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...shapes,
      children,
    );
  });
}
