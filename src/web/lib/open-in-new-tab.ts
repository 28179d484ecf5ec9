// Opens an address the server has yet to give (a billing portal, a checkout) in a new
// tab. The tab is opened during the click, while the browser still allows pop-ups, and
// sent to the address once it arrives; if getting it fails the tab is closed again.

export async function openInNewTab(getUrl: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  // The portal must not be able to reach back into this page.
  if (tab) tab.opener = null;
  try {
    const url = await getUrl();
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener,noreferrer');
  } catch (error) {
    tab?.close();
    throw error;
  }
}
