import { type FieldDef, RESOURCES } from '@cohort/domain';
import { Text } from '@mantine/core';
import { useCan } from '../lib/auth';
import { AnchorLink } from './router-links';

/**
 * A reference by the name of the record it names (decision 038), linked to that record when the
 * console has a screen for it and the reader may open it; a record that is gone says so.
 * `link={false}` inside another link (a list's first column).
 */
export function ReferenceValue({
  field,
  id,
  label,
  link = true,
}: {
  field: Pick<FieldDef, 'reference'>;
  id: unknown;
  label: unknown;
  link?: boolean;
}) {
  const can = useCan();
  const target = field.reference ? RESOURCES[field.reference.resource] : undefined;
  const text = typeof label === 'string' && label ? label : `#${String(id)} (not found)`;
  if (link && target?.screens && can(target.permission, 'read') && (typeof id === 'number' || typeof id === 'string')) {
    return (
      <AnchorLink
        to="/$resource/$id"
        params={{ resource: target.screens.slug, id: String(id) }}
        // The text's own colour, underlined: a reference sits on tinted cells too (a change's
        // before and after in History, a highlighted row), where the link blue falls below 4.5:1.
        c="inherit"
        underline="always"
        onClick={(e: React.MouseEvent) => e.stopPropagation()}
      >
        {text}
      </AnchorLink>
    );
  }
  return <Text span>{text}</Text>;
}
