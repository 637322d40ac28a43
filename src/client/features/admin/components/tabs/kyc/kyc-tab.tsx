/** Placeholder: the kyc tab is being built. */
export default function KycTab() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
