/** Placeholder: the eoi tab is being built. */
export default function EoiTab() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
