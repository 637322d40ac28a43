/** Placeholder: the offers tab is being built. */
export default function OffersTab() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
