export function AnalyticsPage() {
  return null;
}
