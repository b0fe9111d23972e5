// detail/{code}/entry-detection/create and …/{id} (advanced.md §2: create an entry detection area link, edit one;
// TLT environment modes only). The route's loader has loaded the camera, its links and, for an id, the link
// (unknown → notfound). Keyed by camera and link: another link starts from its own saved state.
import { useParams } from 'react-router';
import { useAreaLink } from '../api/get-area-link.ts';
import { useAreaLinks } from '../api/get-area-links.ts';
import { useCameraDetailQuery } from '../../../lib/api/camera-detail.ts';
import { AreaLinkEditor } from './AreaLinkEditor.tsx';

function ExistingAreaLink({ code, id }: { code: string; id: string }) {
  const camera = useCameraDetailQuery(code);
  const links = useAreaLinks(code);
  const link = useAreaLink(code, id);
  return <AreaLinkEditor key={`${code}-${id}`} camera={camera} links={links} link={link} />;
}

function NewAreaLink({ code }: { code: string }) {
  const camera = useCameraDetailQuery(code);
  const links = useAreaLinks(code);
  return <AreaLinkEditor key={`${code}-new`} camera={camera} links={links} link={null} />;
}

export default function AreaLinkEditPage() {
  const { code = '', id } = useParams();
  return id === undefined ? <NewAreaLink code={code} /> : <ExistingAreaLink code={code} id={id} />;
}
