import { parseArgs } from 'node:util';
import { httpTransport, simulateDevice } from '@clinic/device-simulator';

/** npm run simulate -- --email <patient> --password <password> [--days 90] [--url http://localhost:3000] */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    email: { type: 'string' },
    password: { type: 'string' },
    days: { type: 'string', default: '90' },
    seed: { type: 'string', default: '1' },
  },
});
if (!values.email || !values.password) {
  process.stderr.write(
    'Usage: npm run simulate -- --email <patient e-mail> --password <password> [--days 90] [--url …]\n',
  );
  process.exit(2);
}
const result = await simulateDevice({
  transport: httpTransport(values.url),
  email: values.email,
  password: values.password,
  days: Number(values.days),
  seed: Number(values.seed),
});
process.stdout.write(`uploaded ${result.accepted} records (${result.duplicates} already there)\n`);
