// The building blocks of every mail (DESIGN §2: React components rendered to HTML and text
// with react-email, so mail has the brand's look and a test can render it).
//
// Writing a new mail:
//  1. Add src/server/domain/mail/messages/<kind>.tsx with a component that takes the mail's
//     facts as props and returns <Layout subject=… preheader=… reason=…> around Paragraph,
//     Button (a link as a button, its label as children, `lead` the sentence before it) and Details (label: value
//     rows). Write user text as plain strings: React escapes it, and plain addresses in a
//     Paragraph become links.
//  2. Export from the same file `async function <kind>Mail(props)` returning
//     renderMail(subject, <YourMail {...props} />): { subject, text, html } from one
//     component, so the two parts say the same thing (the text part is what the blocks
//     write in TextPart: paragraphs split by blank lines, a button as its address).
//  3. Queue it: `await queueMail(db, { kind, to, ...(await <kind>Mail(props)) })`, adding
//     `sensitive: true` when it holds a one-time link, and `attachments` (base64) if any.
//  4. Test it with renderMail: the HTML holds the brand and the button's link and escapes
//     user text; the text holds the same sentences (see messages/messages.test.tsx).

export { Button } from './button.tsx';
export { type DetailRow, Details } from './details.tsx';
export { DEFAULT_REASON, Layout, type LayoutProps } from './layout.tsx';
export { Paragraph } from './paragraph.tsx';
export { type RenderedMail, renderHtml, renderMail, renderText, useTextPart } from './render.tsx';
export { renderTextMailHtml, TextMail } from './text-mail.tsx';
export { colors } from './theme.ts';
