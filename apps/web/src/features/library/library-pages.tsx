import { isPupil } from '@medienkatalog/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useUserInfo } from '../../api/user.ts';
import { MediaCardGrid } from '../../components/media-card-grid.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

function LibraryPage({
  title,
  intro,
  listUrl,
  emptyText,
  keepStarred = false,
}: {
  title: string;
  intro: string;
  listUrl: string;
  emptyText?: string;
  keepStarred?: boolean;
}) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {intro}
      </Typography>
      <MediaCardGrid
        listUrl={listUrl}
        heading={t('library.media')}
        {...(emptyText ? { emptyText } : {})}
        {...(keepStarred ? { keep: (item: { starred: boolean }) => item.starred } : {})}
      />
    </Box>
  );
}

/** /wishlist: the starred media; unstarring removes the card at once. */
export function WishlistPage() {
  const { t } = useTranslation();
  return (
    <LibraryPage
      title={t('library.wishlist')}
      intro={t('library.wishlistIntro')}
      listUrl="/api/v1/user/wishlist"
      emptyText={t('library.wishlistEmpty')}
      keepStarred
    />
  );
}

/** /trending: what all users starred and viewed in the last 30 days. */
export function TrendingPage() {
  const { t } = useTranslation();
  return (
    <LibraryPage
      title={t('library.trending')}
      intro={t('library.trendingIntro')}
      listUrl="/api/v1/user/trending"
    />
  );
}

/** /classlibrary: the media shared with the student's class; pupils are addressed with 'du'. */
export function ClassLibraryPage() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const pupil = user !== undefined && user !== null && isPupil(user);
  const title = user?.klassenID
    ? t('library.classLibraryClass', { klasse: user.klassenID })
    : t('library.classLibrary');
  return (
    <LibraryPage
      title={title}
      intro={pupil ? t('library.classLibraryIntroPupil') : t('library.classLibraryIntro')}
      listUrl="/api/v1/user/classlibrary"
      {...(pupil ? { emptyText: t('library.classLibraryEmptyPupil') } : {})}
    />
  );
}
