import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

type AnchorBaseProps = AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>;
type ButtonBaseProps = ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>;

function AnchorBase(props: AnchorBaseProps) {
  return <Anchor {...props} />;
}

function ButtonBase(props: ButtonBaseProps) {
  return <Button component="a" {...props} />;
}

const CreatedAnchorLink = createLink(AnchorBase);
const CreatedButtonLink = createLink(ButtonBase);

/** Mantine Anchor with typed router navigation. */
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);

/** Mantine Button rendered as a typed router link. */
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);
