// `.assetsignore` in a build folder: what a host that uploads the folder leaves out, in gitignore syntax.
// The build writes it after every commit (generator/emit/build-folder.ts), keeping the serving generation
// and documents folder by a line each; the local Workers server reads those lines to know whether workerd,
// which lists the folder without what the file names, sees a committed build yet.

export const UPLOAD_IGNORE_FILE = ".assetsignore";

/** The line that keeps a top-level folder in the upload, whatever pattern above it left folders like it out. */
export const keptFolderLine = (folder: string): string => `!/${folder}`;
