import { describeAccessibility } from './accessibility';

describeAccessibility('account', 1280);
