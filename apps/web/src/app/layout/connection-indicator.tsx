import { useLiveConnection } from '../../lib/live';

/** 'Conectado' or 'Sin conexión': the state of the live-update socket (SPEC §1, §4). */
export function ConnectionIndicator() {
  const { connected } = useLiveConnection();
  return (
    <span
      className={`connection-indicator ${connected ? 'connection-indicator--on' : 'connection-indicator--off'}`}
      role="status"
      data-testid="connection-indicator"
    >
      <span className="connection-indicator__dot" aria-hidden="true" />
      {connected ? 'Conectado' : 'Sin conexión'}
    </span>
  );
}
