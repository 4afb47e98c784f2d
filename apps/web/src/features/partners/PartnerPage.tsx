import { Skeleton } from 'antd';

/** `/partner`: partner clinics and labs, third-party cooperation. */
export default function PartnerPage() {
  return <Skeleton />;
}
