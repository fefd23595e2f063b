/**
 * Public face of the arena (issue 41): blind comparisons (text and images) with their vote and the Blind switch, and
 * the leaderboard.
 */
export { BlindComparison } from './components/blind-comparison';
export { BlindSwitch } from './components/blind-switch';
export { useBlindMode } from './hooks/use-blind-mode';
export { LeaderboardScreen } from './components/leaderboard-screen';
