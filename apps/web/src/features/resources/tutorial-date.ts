const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A tutorial's YYYY-MM-DD publication day as people read it ("Mar 10, 2025"); the text itself when it is not a date. */
export function tutorialDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : format.format(date);
}
