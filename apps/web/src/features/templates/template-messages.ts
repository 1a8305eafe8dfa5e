import { invalidSizeMessage } from './placeholder-geometry';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The texts of the template screens and the placeholder editor: SPEC.md word for word where it has them. */
export const templateMessages = {
  title: 'Select Mockup Templates',
  introImage:
    'Pick the product photos your designs are placed on. Check templates and move them with >> and <<; upload your own and mark where the design goes.',
  introClassic:
    'Pick the product photos your designs are placed on. Upload PNGs with a transparent window where the design shows through, or any photo: its print area is found for you.',
  imageModeLink: 'Place print areas yourself (image mode)',
  classicModeLink: 'Classic upload (print area from transparency)',

  noWorkspaceText:
    'Templates are chosen per workspace. Pick one (or create one) on the Select Workspace step.',

  remaining: 'Remaining Templates',
  selected: 'Selected Templates',
  remainingEmpty: 'No templates left to add',
  remainingEmptyHint:
    'Every template is selected for this workspace. Upload your own product photos to add more.',
  noTemplatesEmpty: 'No templates yet',
  noTemplatesEmptyHint: 'Upload a product photo and mark where the design goes.',
  selectedEmpty: 'No templates selected yet',
  selectedEmptyHint: 'Check templates in Remaining Templates and press >> to use them in this workspace.',
  checkAll: (panel: string) => `Check every template in ${panel}`,
  checkedCount: (checked: number, total: number) =>
    checked > 0 ? `${checked} of ${total} checked` : plural(total, 'template', 'templates'),

  upload: 'Upload',
  delete: 'Delete',
  moveRight: '>>',
  moveLeft: '<<',
  moveRightLabel: 'Move the checked templates to Selected Templates',
  moveLeftLabel: 'Move the checked templates back to Remaining Templates',
  selectNoneChecked: 'Check templates in Remaining Templates first',
  removeNoneChecked: 'Check templates in Selected Templates first',
  deleteNoneChecked: 'Check one or more of your own templates to delete them',
  deleteStarterChecked: (count: number) =>
    `${plural(count, 'checked template is a starter template', 'checked templates are starter templates')}: starter templates come with every account and cannot be deleted. Uncheck ${count === 1 ? 'it' : 'them'} first.`,
  moved: (count: number) => `${plural(count, 'template', 'templates')} selected for this workspace`,
  movedBack: (count: number) => `${plural(count, 'template', 'templates')} moved to Remaining Templates`,
  moveFailed: 'The templates could not be moved. Please try again.',

  deleteDetail: (count: number) =>
    `${plural(count, 'template', 'templates')} will be deleted and removed from every workspace.`,
  deleted: (count: number) => `${plural(count, 'template', 'templates')} deleted`,
  deleteFailed: 'The templates could not be deleted.',

  starter: 'Starter',
  starterHint: 'A starter template: it comes with every account.',
  noPrintArea: 'No print area',
  noPrintAreaHint: 'Added to listings as it is, without a design on it (a size chart, for example).',
  checkTemplate: (name: string) => `Check ${name}`,
  previewTemplate: (name: string) => `Preview ${name}`,
  loadFailed: 'The templates could not be loaded.',

  // Image-mode upload (SPEC.md sections 2, 4 and 8).
  fileInputLabel: 'Choose template images',
  allUploaded: 'All templates uploaded.',
  noneUploaded: (skipped: number) =>
    skipped === 1
      ? 'The file was skipped: no template was uploaded.'
      : `All ${skipped} files were skipped: no template was uploaded.`,
  uploadFailed: 'Upload failed. Please try again.',
  uploadError: 'An error occurred during upload.',
  uploadStopped: (done: number) =>
    `Upload stopped. ${plural(done, 'template was', 'templates were')} uploaded before that.`,

  // The placeholder editor modal.
  editorTitle: (index: number, total: number) => `Template ${index} of ${total}`,
  rectangleMode: 'Rectangle',
  perspectiveMode: 'Perspective',
  modeLabel: 'Print area shape',
  rectangleHint: 'Drag the box onto the product; pull a corner to resize it.',
  perspectiveHint: 'Drag each corner onto the product, for photos taken at an angle.',
  widthLabel: 'Width',
  heightLabel: 'Height',
  updatePlaceholder: 'Update Image Placeholder',
  invalidSize: invalidSizeMessage,
  rotationLabel: 'Rotation',
  noPlaceholder: 'Upload without design placeholder',
  noPlaceholderHint:
    'The image is added to listings as it is, without a design on it (a size chart, for example).',
  previewWithDesign: (name: string) => `Preview: ${name}, the first design of this workspace.`,
  previewWithSample: 'Preview: a sample pattern. Upload designs in step 2 to see your own here.',
  concaveRefused: 'Keep the corners in order: the print area must stay convex.',
  imageUnreadable: 'This file cannot be shown as an image. Skip it, or choose a PNG, JPEG or WebP photo.',
  skip: 'Skip',
  uploadButton: 'Upload',

  // The editor's realism tab (issue 24: surfaces, folds, shading, occluders).
  placementTab: 'Placement',
  realismTab: 'Realism',
  surfaceLabel: 'Surface',
  flatSurface: 'Flat',
  cylinderSurface: 'Cylinder',
  surfaceHint: 'Cylinder for mugs, tumblers, bottles and candles: the design wraps round it.',
  curvatureLabel: 'Curvature',
  curvatureHint: 'How far the lines bow at the middle; negative when the camera is below the product.',
  wrapLabel: 'Wrap',
  wrapHint: 'How far round the product the print area reaches: the design narrows towards its sides.',
  foldsLabel: 'Follow folds',
  foldsHint: 'Bends the design with the folds and seams of the photo (fabric). 0% keeps it flat.',
  toneLabel: 'Fabric',
  toneAuto: 'Auto',
  toneLight: 'Light',
  toneDark: 'Dark',
  toneHint:
    'Dark fabric keeps the design’s colours and shows the folds as light and shade; Auto decides from the photo.',
  shadingLabel: 'Shading',
  occludersLabel: 'In front of the design',
  occludersHint:
    'Paint or pick the parts of the photo that lie in front of the print (a strap, a hand, a frame’s mount): they stay in front.',
  toolMove: 'Move area',
  toolPaint: 'Paint',
  toolPick: 'Pick shape',
  toolLabel: 'What a press on the preview does',
  brushLabel: 'Brush',
  pickHint: 'Click the shape’s corners on the preview, then Finish shape (or double-click).',
  finishShape: 'Finish shape',
  undoOccluder: 'Undo last',
  clearOccluders: 'Clear all',
  occluderCount: (count: number) =>
    count === 0
      ? 'Nothing in front of the design yet.'
      : `${plural(count, 'shape', 'shapes')} in front of the design.`,
  tooManyOccluders: 'At most 20 shapes: undo one to add another.',
  pickNeedsThree: 'A picked shape needs at least 3 corners.',
  serverSaid: 'The server said',

  // Classic-mode upload modal.
  classicTitle: 'Upload templates',
  classicIntro:
    'PNG, JPEG or WebP product photos. A PNG with a transparent window gets that window as its print area (the design shows through it); any other photo gets a centred area half its width.',
  dropTitle: 'Drag template images here or click to choose them',
  dropHint: 'Choose as many as you like; they are sent together.',
  removeFile: (name: string) => `Remove ${name}`,
  uploadMore: 'Upload more templates',
  uploading: (count: number) => `Uploading ${plural(count, 'file', 'files')}…`,
  summary: (stored: number, rejected: number) => `${stored} stored, ${rejected} rejected`,
  everyFileStored: 'Every template is in Selected Templates for this workspace.',
  stored: 'Stored',
  storedWindow: 'Stored; the design shows through its transparent window',
  storedCentred:
    'Stored; no transparent window, so the print area is a centred square (check it in the preview)',
  rejected: 'Rejected',
} as const;
