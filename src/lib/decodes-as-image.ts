/** Whether the browser can draw `file` as a picture (decode it into a bitmap). Browser-only. */
export async function decodesAsImage(file: Blob): Promise<boolean> {
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}
