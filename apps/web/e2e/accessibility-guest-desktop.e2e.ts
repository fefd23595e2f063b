import { describeAccessibility } from './accessibility';

describeAccessibility('guest', 1280);
