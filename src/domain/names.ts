/** How a golfer is named to others: "First Last". */
export function displayName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`;
}
