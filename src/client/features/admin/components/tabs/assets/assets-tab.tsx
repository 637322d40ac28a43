/** Placeholder: the assets tab is being built. */
export default function AssetsTab() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
