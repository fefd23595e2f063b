import { describeAccessibility } from './accessibility';

describeAccessibility('guest', 390);
