/**
 * Contractor links, the company's side (issue 33 part 2, docs/EXTERNOS.md): «Externos» on the
 * order detail, where who may delegate the order hands it to someone outside the company and
 * copies, shares, revokes or renews the link. app/composicion puts the section in the order's
 * detail; its key sits under the order's detail key, so the order's live changes refresh it.
 */
export { ExternosDeOrden } from './components/externos-de-orden';
export { externosKeys } from './keys';
