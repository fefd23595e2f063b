import { describeAccessibility } from './accessibility';

describeAccessibility('account', 390);
