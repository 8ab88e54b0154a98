/** The activity area's words (keys start with 'activity.'): My Activity, categories, gem tiers, member levels. */
export const activity = {
  'activity.title': 'My Activity',
  'activity.description': 'Your {currency}: what you earned, when, and from whom.',
  'activity.loadingBalance': 'Loading your balance',
  'activity.heading': 'Activity',
  'activity.loading': 'Loading activity',
  'activity.empty': 'No activity yet. Bonuses from your teachers will show here.',
  'activity.noMatch': 'Nothing matches these filters.',
  'activity.caption': '{count, plural, one {# entry} other {# entries}}, newest first',
  'activity.category': 'Category',
  'activity.allCategories': 'All categories',
  'activity.categoryName':
    '{category, select, Bonuses {Bonuses} Flags {Flags} AcademicPayDay {Academic Pay Day} DailyBehavior {Daily Behavior} DailyAttendance {Daily Attendance} other {{category}}}',
  'activity.from': 'From',
  'activity.to': 'To',
  'activity.anyDay': 'Any day',
  'activity.clearFilters': 'Clear filters',
  'activity.tierName':
    '{tier, select, Bronze {Bronze} Silver {Silver} Gold {Gold} Platinum {Platinum} Ruby {Ruby} Emerald {Emerald} Sapphire {Sapphire} Diamond {Diamond} Crystal {Crystal} Onyx {Onyx} Mystery {Mystery} other {{tier}}}',
  'activity.gem': '{tier} gem',
  'activity.member': '{level} member',
  'activity.gemTierNote': 'Gem tier: from your balance now',
  'activity.memberNote': 'Member level: from all you earned this year; unlocks profile icons',
  'activity.progressLabel': 'Progress to the next gem tier',
  'activity.toNextTier': '{count, plural, one {# {currencyOne}} other {# {currency}}} to {tier}',
  'activity.topTier': 'Top gem tier reached!',
  'activity.toNextMember': ' · {count, number} more earned for {level} member status',
} as const;
