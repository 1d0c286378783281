import { mediaTypeName, metadataLine, type CatalogueItem } from '@medienkatalog/domain';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useStarMutation } from '../api/stars.ts';
import { useUserInfo } from '../api/user.ts';
import { paths, producerSearch } from '../lib/paths.ts';
import type { RevealSteps } from '../lib/use-revealed-count.ts';
import { plainTitle, sanitizeTitle } from '../lib/sanitize.ts';
import { visuallyHidden } from '../lib/visually-hidden.ts';
import { AccessBadges } from './access-badges.tsx';
import { MediaPlayback } from './media-playback.tsx';
import { useLoginPrompt } from './login-prompt.tsx';

export const CARD_WIDTH = 320;
export const CARD_HEIGHT = 404;
export const CARD_IMAGE_HEIGHT = 180;
/** The producer row and the action row at the foot of a card (32 + 48 px). */
const CARD_FOOT_HEIGHT = 80;
/** The first cards of a page, whose covers load at once and first (the page's largest paint). */
export const PRIORITY_CARDS = 2;
/** Grids and rows mount the priority cards at once, then two more per commit (useRevealedCount). */
export const CARD_REVEAL_STEPS: RevealSteps = { first: PRIORITY_CARDS, step: 2 };
/** Shared-with entries shown by name; the rest are grouped into one (spec: 2). */
const SHARED_SHOWN = 2;

function Cover({ src, title, priority }: { src: string; title: string; priority: boolean }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <Box
        role="img"
        aria-label={t('card.coverMissing')}
        sx={{
          height: CARD_IMAGE_HEIGHT,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'grey.200',
          color: 'text.secondary',
        }}
      >
        <ImageNotSupportedOutlinedIcon fontSize="large" aria-hidden />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={title}
      // The first covers of the page are what it shows first (its largest paint): no waiting.
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      width={CARD_WIDTH}
      height={CARD_IMAGE_HEIGHT}
      onError={() => {
        setBroken(true);
      }}
      sx={{ height: CARD_IMAGE_HEIGHT, width: '100%', objectFit: 'cover', display: 'block' }}
    />
  );
}

export function StarButton({
  medium,
}: {
  medium: Pick<CatalogueItem, 'identifier' | 'fn_titel' | 'starred' | 'stars'>;
}) {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const promptLogin = useLoginPrompt();
  const star = useStarMutation();
  const title = plainTitle(sanitizeTitle(medium.fn_titel));
  const label = medium.starred ? t('card.unstar', { title }) : t('card.star', { title });
  return (
    <IconButton
      aria-label={label}
      aria-pressed={medium.starred}
      // The browser's own tooltip: MUI's wraps the button and renders it again as it mounts,
      // which cost a page of cards half a second of a phone's main thread.
      title={`${label} · ${t('card.stars', { count: medium.stars })}`}
      color={medium.starred ? 'secondary' : 'default'}
      onClick={() => {
        if (!user) {
          promptLogin();
          return;
        }
        star.mutate({ identifier: medium.identifier, starred: !medium.starred });
      }}
      sx={{ flexShrink: 0 }}
    >
      {medium.starred ? <StarIcon /> : <StarBorderIcon />}
    </IconButton>
  );
}

/** The covers of a page's first cards (clips show no cover), for `preloadImages`. */
export function priorityCovers(items: readonly CatalogueItem[]): string[] {
  return items
    .slice(0, PRIORITY_CARDS)
    .filter((medium) => medium.fn_typ !== 'UC_CLIP')
    .map((medium) => medium.cover);
}

/** Films, audio and clips: their length (minutes) shows on the cover. */
const TIMED_TYPES = new Set(['29', '46', '49', 'UC_CLIP']);

/** The length in minutes of a film or audio medium that has one, else undefined. */
function minutesOf(type: string, length: string): string | undefined {
  if (!TIMED_TYPES.has(type.trim())) {
    return undefined;
  }
  const minutes = length.trim();
  return /^\d+$/.test(minutes) && minutes !== '0' ? minutes : undefined;
}

/** White on 80 % black: above 12:1 whatever the cover shows through. */
const coverLabel = {
  px: 0.75,
  py: 0.25,
  borderRadius: 0.5,
  bgcolor: 'rgba(0, 0, 0, 0.8)',
  color: 'common.white',
  fontSize: 12,
  fontWeight: 600,
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
} as const;

/** For films and audio, the length: on the cover's lower right corner. */
function CoverLength({ medium }: { medium: Pick<CatalogueItem, 'fn_typ' | 'fn_laenge'> }) {
  const { t } = useTranslation();
  const minutes = minutesOf(medium.fn_typ, medium.fn_laenge);
  if (!minutes) {
    return null;
  }
  return (
    <Box
      component="span"
      sx={{ ...coverLabel, position: 'absolute', right: 8, bottom: 8, pointerEvents: 'none' }}
    >
      <span aria-hidden>{t('card.minutes', { minutes })}</span>
      <Box component="span" sx={visuallyHidden}>
        {t('card.minutesLong', { minutes })}
      </Box>
    </Box>
  );
}

/**
 * The one way to use the medium that works for this user: play and download where the licence
 * allows it, 'Zugang erhalten' for a signed-in user without access (both from MediaPlayback), and
 * 'Anmelden' for visitors.
 */
function UseAction({ medium, title }: { medium: CatalogueItem; title: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: user } = useUserInfo();
  if (!user) {
    return (
      <Button
        component={RouterLink}
        to={paths.loginWithReturn(`${location.pathname}${location.search}`)}
        variant="outlined"
        size="small"
        aria-label={t('card.loginTitle', { title })}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap', textTransform: 'none' }}
      >
        {t('card.login')}
      </Button>
    );
  }
  return <MediaPlayback medium={medium} title={title} compact />;
}

export interface MediaCardProps {
  medium: CatalogueItem;
  /** Opens the preview overlay; without it the card has no eye button. */
  onPreview?: (medium: CatalogueItem) => void;
  /** One of the first cards on the page: its cover loads at once and before other images. */
  priority?: boolean;
}

/**
 * A medium in the card grid (320 x 404, image 180 high); clips show only their picture. The foot
 * has two rows of fixed height: the producer (and who it is shared with), then the actions, each
 * of which fits the card's width whatever the access (at most four 40 px buttons, or one text
 * button and two icons), so nothing sticks out of the card or makes it scroll. Memoised: a grid
 * that mounts more cards, or changes one, renders only those.
 */
export const MediaCard = memo(function MediaCard({
  medium,
  onPreview,
  priority = false,
}: MediaCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = sanitizeTitle(medium.fn_titel);
  const plainText = plainTitle(title);
  const clip = medium.fn_typ === 'UC_CLIP';
  const text = medium.fn_kurztext || medium.fn_text || t('card.noText');
  const shared = medium.geteilt_mit;
  const type = medium.fn_typ.trim() === '' ? '' : mediaTypeName(medium.fn_typ.trim());
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{
        width: '100%',
        maxWidth: CARD_WIDTH,
        height: CARD_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        // Clipped, not a scroll container: focusing a control never scrolls the card's content.
        overflow: 'clip',
        ...(clip && medium.image
          ? {
              backgroundImage: `url(${medium.image})`,
              backgroundSize: 'cover',
              backgroundPosition: 'center',
            }
          : {}),
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={paths.medium(medium.identifier)}
        aria-label={t('card.open', { title: plainText })}
        sx={{
          flex: '1 1 0',
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
          overflow: 'clip',
        }}
      >
        {!clip && (
          <Box sx={{ position: 'relative', flexShrink: 0 }}>
            <Cover src={medium.cover} title={plainText} priority={priority} />
            <CoverLength medium={medium} />
          </Box>
        )}
        <CardContent
          sx={{ flex: '1 1 0', minHeight: 0, overflow: 'clip', pt: 1.5, '&&': { pb: 0 } }}
        >
          <Typography
            component="h3"
            variant="subtitle1"
            sx={{
              fontWeight: 600,
              lineHeight: 1.3,
              mb: 0.5,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
              ...(clip ? { color: 'common.white', textShadow: '0 1px 3px rgba(0,0,0,.8)' } : {}),
            }}
            // Sanitised by DOMPurify: only simple inline markup is left.
            dangerouslySetInnerHTML={{ __html: title }}
          />
          {!clip && (
            <>
              <Typography variant="body2" color="text.secondary" noWrap sx={{ mb: 0.5 }}>
                {metadataLine(medium)}
              </Typography>
              <Typography
                variant="body2"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 3,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                  overflowWrap: 'anywhere',
                }}
              >
                {text}
              </Typography>
            </>
          )}
        </CardContent>
      </CardActionArea>
      {/* Over the cover, after the link in reading order; clicks go through to the link. */}
      <Box
        sx={{
          position: 'absolute',
          top: 8,
          left: 8,
          right: 8,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.5,
          pointerEvents: 'none',
        }}
      >
        {type && !clip && (
          <Box component="span" sx={{ ...coverLabel, maxWidth: '100%', overflow: 'hidden' }}>
            {type}
          </Box>
        )}
        <AccessBadges medium={medium} />
      </Box>
      <Box
        sx={{ height: CARD_FOOT_HEIGHT, flexShrink: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Box sx={{ height: 32, px: 1, pt: 0.5, display: 'flex', alignItems: 'center', gap: 1 }}>
          {medium.fn_prodname && (
            <Chip
              size="small"
              variant="outlined"
              label={medium.fn_prodname}
              aria-label={t('card.producerSearch', { producer: medium.fn_prodname })}
              title={medium.fn_prodname}
              onClick={() => {
                void navigate(producerSearch(medium.fn_prodname));
              }}
              sx={{ minWidth: 0, maxWidth: '100%', bgcolor: 'background.paper' }}
            />
          )}
          <Box sx={{ flexGrow: 1 }} />
          {shared.length > 0 && (
            <AvatarGroup
              max={SHARED_SHOWN + 1}
              aria-label={t('card.sharedWith')}
              sx={{ flexShrink: 0, '& .MuiAvatar-root': { width: 24, height: 24, fontSize: 12 } }}
              renderSurplus={(surplus) => t('card.sharedMore', { count: surplus })}
            >
              {shared.map((person) => (
                <Avatar key={person} alt={person} title={person}>
                  {person.slice(0, 1).toUpperCase()}
                </Avatar>
              ))}
            </AvatarGroup>
          )}
        </Box>
        <CardActions
          disableSpacing
          sx={{ height: 48, pt: 0, gap: 0.5, flexWrap: 'nowrap', alignItems: 'center' }}
        >
          <UseAction medium={medium} title={plainText} />
          <Box sx={{ flexGrow: 1 }} />
          {onPreview && (
            <IconButton
              aria-label={t('card.preview', { title: plainText })}
              title={t('card.preview', { title: plainText })}
              onClick={() => {
                onPreview(medium);
              }}
              sx={{ flexShrink: 0 }}
            >
              <VisibilityOutlinedIcon />
            </IconButton>
          )}
          <StarButton medium={medium} />
        </CardActions>
      </Box>
    </Card>
  );
});
