/** A file's size as people read it: 340 KB, 2.4 MB. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** How long an opened file's address stays valid: long enough for the new tab to read it. */
const openedFileLifetimeMs = 60_000;

/**
 * Opens a message's file in a new tab. The file is fetched with the session's token (never one in
 * an address), so the tab opens at once (a later one would be blocked as a pop-up) and is pointed
 * at the fetched bytes; where no tab may open, the file is downloaded. Rejects, with the tab closed,
 * when the bytes could not be fetched.
 */
export async function openFetchedFile(fetchBytes: () => Promise<Blob>, fileName: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = URL.createObjectURL(await fetchBytes());
    if (tab) tab.location.href = url;
    else {
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
    }
    window.setTimeout(() => URL.revokeObjectURL(url), openedFileLifetimeMs);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
