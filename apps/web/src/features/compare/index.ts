/** Public face of the compare feature. */
export { CompareScreen } from './components/compare-screen';
