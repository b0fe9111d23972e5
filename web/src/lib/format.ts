// Date and time formats of the spec: clock YYYY/MM/DD HH:mm:ss, exports YYYY-MM-DD HH:mm:ss.
const pad = (n: number) => String(n).padStart(2, '0');

export const formatClock = (d: Date): string =>
  `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

export const formatDateTime = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
