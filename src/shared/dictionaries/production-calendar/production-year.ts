/**
 * One year of Russia's production calendar (производственный календарь): the Labour Code's public
 * holidays (art. 112) with the days off the year's government decree moves, and the Saturdays or
 * Sundays it makes working days. Shortened pre-holiday days are not kept: a courier still comes.
 */
export interface ProductionYear {
  year: number;
  /** The decree the moves come from, number and date, as a reader checks it. */
  decree: string;
  /** Working days of the five-day week as the published calendar counts them: a test recomputes it. */
  workingDays: number;
  /** 'YYYY-MM-DD' days off besides ordinary weekends: the holidays (on any weekday) and the days moved onto weekdays. */
  daysOff: readonly string[];
  /** 'YYYY-MM-DD' Saturdays and Sundays that are working days by the decree. */
  workingWeekends: readonly string[];
}
