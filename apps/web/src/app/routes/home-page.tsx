import { HomeScreen } from '@/features/home';

/** /prod: the home screen. */
export function HomePage() {
  return <HomeScreen />;
}
