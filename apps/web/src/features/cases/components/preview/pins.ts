/** The pins' types and helpers live with the shared 3D view (the share page draws them too). */
export {
  isAnchor,
  pinNumber,
  pinsOf,
  type Pin,
  type PinAnchor,
  type PinnedComment,
  type Vec3,
} from '../../../../shared/mesh-view/pins.ts';
