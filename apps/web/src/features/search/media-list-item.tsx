import { metadataLine, type CatalogueItem } from '@medienkatalog/domain';
import { useState } from 'react';
import { t } from '../../i18n/t.ts';

export function MediaListItem({ medium }: { medium: CatalogueItem }) {
  const [coverBroken, setCoverBroken] = useState(false);
  const shortText = medium.fn_kurztext || medium.fn_text;
  return (
    <li className="media-item">
      {!coverBroken && (
        <img
          className="media-cover"
          src={medium.cover}
          alt=""
          width={160}
          height={90}
          loading="lazy"
          onError={() => {
            setCoverBroken(true);
          }}
        />
      )}
      <div>
        <h2 className="media-title">{medium.fn_titel}</h2>
        <p className="media-meta">{metadataLine(medium)}</p>
        {shortText && <p className="media-text">{shortText}</p>}
        <p className="media-producer">{t('card.producer', { name: medium.fn_prodname })}</p>
      </div>
    </li>
  );
}
