import { SearchPage } from '../features/search/search-page.tsx';
import './app.css';

export function App() {
  return <SearchPage />;
}
