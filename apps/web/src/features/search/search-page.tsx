import { useEffect, useState } from 'react';
import { searchCatalogue, type SearchPage as Results } from '../../api/catalogue-search.ts';
import { t } from '../../i18n/t.ts';
import { MediaListItem } from './media-list-item.tsx';

const TYPING_PAUSE_MS = 250;

type State =
  { status: 'loading' } | { status: 'error' } | { status: 'done'; query: string; results: Results };

/** The start page of the foundation: a search field and the first page of results. */
export function SearchPage() {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setState({ status: 'loading' });
        searchCatalogue(query, 0, controller.signal).then(
          (results) => {
            setState({ status: 'done', query, results });
          },
          (error: unknown) => {
            if (!controller.signal.aborted) {
              console.error(error);
              setState({ status: 'error' });
            }
          },
        );
      },
      query === '' ? 0 : TYPING_PAUSE_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return (
    <main className="page">
      <h1>{t('app.title')}</h1>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <label htmlFor="search-input">{t('search.label')}</label>
        <input
          id="search-input"
          type="search"
          value={query}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          onChange={(event) => {
            setQuery(event.target.value);
          }}
        />
      </form>
      <section aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && <p>{t('search.loading')}</p>}
        {state.status === 'error' && <p role="alert">{t('search.error')}</p>}
        {state.status === 'done' && <ResultList query={state.query} results={state.results} />}
      </section>
    </main>
  );
}

function ResultList({ query, results }: { query: string; results: Results }) {
  if (results.items.length === 0) {
    return <p>{t('search.empty')}</p>;
  }
  const heading = query.trim() === '' ? t('search.newest') : t('search.results', { query });
  const count = t(results.approximate ? 'search.countApproximate' : 'search.count', {
    count: results.total,
  });
  return (
    <>
      <h2 className="results-heading">{heading}</h2>
      <p className="results-count">{count}</p>
      <ul className="media-list" aria-label={heading}>
        {results.items.map((medium) => (
          <MediaListItem key={medium.identifier} medium={medium} />
        ))}
      </ul>
    </>
  );
}
