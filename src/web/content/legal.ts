// Shapes shared by the privacy policy, terms of service and accessibility statement.

/**
 * A paragraph, a paragraph with a bold run-in heading, a bulleted list, or our contact
 * details (e-mail, phone, address).
 */
export type LegalBlock =
  | string
  | { lead: string; text: string }
  | { list: readonly string[] }
  | { contact: true };

export interface LegalSection {
  /** Anchor of the section. */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** The revision date as shown, and as an ISO date for <time>. */
  updated: string;
  updatedIso: string;
  intro: string;
  sections: readonly LegalSection[];
}
