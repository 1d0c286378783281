import { metadataLine, type CatalogueItem } from '@medienkatalog/domain';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useStarMutation } from '../api/stars.ts';
import { useUserInfo } from '../api/user.ts';
import { paths, producerSearch } from '../lib/paths.ts';
import { plainTitle, sanitizeTitle } from '../lib/sanitize.ts';
import { AccessBadges } from './access-badges.tsx';
import { MediaPlayback } from './media-playback.tsx';
import { useLoginPrompt } from './login-prompt.tsx';

export const CARD_WIDTH = 320;
export const CARD_HEIGHT = 404;
export const CARD_IMAGE_HEIGHT = 180;
/** Shared-with entries shown by name; the rest are grouped into one (spec: 2). */
const SHARED_SHOWN = 2;

function Cover({ src, title }: { src: string; title: string }) {
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
      loading="lazy"
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
  medium: Pick<CatalogueItem, 'identifier' | 'starred' | 'stars'>;
}) {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const promptLogin = useLoginPrompt();
  const star = useStarMutation();
  const label = medium.starred ? t('card.unstar') : t('card.star');
  return (
    <Tooltip title={`${label} · ${t('card.stars', { count: medium.stars })}`}>
      <IconButton
        aria-label={label}
        aria-pressed={medium.starred}
        color={medium.starred ? 'secondary' : 'default'}
        onClick={() => {
          if (!user) {
            promptLogin();
            return;
          }
          star.mutate({ identifier: medium.identifier, starred: !medium.starred });
        }}
      >
        {medium.starred ? <StarIcon /> : <StarBorderIcon />}
      </IconButton>
    </Tooltip>
  );
}

export interface MediaCardProps {
  medium: CatalogueItem;
  /** Opens the preview overlay; without it the card has no eye button. */
  onPreview?: (medium: CatalogueItem) => void;
}

/** A medium in the card grid (320 x 404, image 180 high); clips show only their picture. */
export function MediaCard({ medium, onPreview }: MediaCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = sanitizeTitle(medium.fn_titel);
  const plainText = plainTitle(title);
  const clip = medium.fn_typ === 'UC_CLIP';
  const text = medium.fn_kurztext || medium.fn_text || t('card.noText');
  const shared = medium.geteilt_mit;
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
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          overflow: 'hidden',
        }}
      >
        {!clip && <Cover src={medium.cover} title={plainText} />}
        <CardContent sx={{ flexGrow: 1, overflow: 'hidden', pb: 1 }}>
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
              ...(clip ? { color: 'common.white', textShadow: '0 1px 3px rgba(0,0,0,.8)' } : {}),
            }}
            // Sanitised by DOMPurify: only simple inline markup is left.
            dangerouslySetInnerHTML={{ __html: title }}
          />
          {!clip && (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {metadataLine(medium)}
              </Typography>
              <Typography
                variant="body2"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 3,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {text}
              </Typography>
            </>
          )}
        </CardContent>
      </CardActionArea>
      {/* Over the cover, after the link in reading order; clicks go through to the link. */}
      <Box sx={{ position: 'absolute', top: 8, left: 8, right: 8, pointerEvents: 'none' }}>
        <AccessBadges medium={medium} />
      </Box>
      <CardActions disableSpacing sx={{ pt: 0, gap: 0.5, flexWrap: 'nowrap' }}>
        {medium.fn_prodname && (
          <Chip
            size="small"
            label={medium.fn_prodname}
            aria-label={t('card.producerSearch', { producer: medium.fn_prodname })}
            onClick={() => {
              void navigate(producerSearch(medium.fn_prodname));
            }}
            sx={{ maxWidth: 170, minWidth: 0, bgcolor: 'background.paper' }}
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {shared.length > 0 && (
          <AvatarGroup
            max={SHARED_SHOWN + 1}
            aria-label={t('card.sharedWith')}
            sx={{ '& .MuiAvatar-root': { width: 24, height: 24, fontSize: 12 } }}
            renderSurplus={(surplus) => t('card.sharedMore', { count: surplus })}
          >
            {shared.map((person) => (
              <Avatar key={person} alt={person} title={person}>
                {person.slice(0, 1).toUpperCase()}
              </Avatar>
            ))}
          </AvatarGroup>
        )}
        {onPreview && (
          <Tooltip title={t('card.preview', { title: plainText })}>
            <IconButton
              aria-label={t('card.preview', { title: plainText })}
              onClick={() => {
                onPreview(medium);
              }}
            >
              <VisibilityOutlinedIcon />
            </IconButton>
          </Tooltip>
        )}
        <MediaPlayback medium={medium} title={plainText} compact />
        <StarButton medium={medium} />
      </CardActions>
    </Card>
  );
}
