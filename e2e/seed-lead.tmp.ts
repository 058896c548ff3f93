import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3300';
const [password] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await (await browser.newContext({ timezoneId: 'America/Toronto' })).newPage();
await page.goto(base + '/');
await page.waitForTimeout(2000);
await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
await page.getByLabel('Password', { exact: true }).fill(password ?? '');
await page.getByRole('button', { name: 'Sign in', exact: true }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/oidc'));
await page.waitForTimeout(1000);
const result = await page.evaluate(async () => {
  let token = '';
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i) ?? '';
    if (key.startsWith('oidc.user:')) token = (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string }).access_token;
  }
  const h = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const customers = (await (await fetch('/api/v1/customers', { headers: h })).json()) as { customerId: string }[];
  const services = (await (await fetch('/api/v1/services', { headers: h })).json()) as { serviceId: string }[];
  const employees = (await (await fetch('/api/v1/employees', { headers: h })).json()) as { employeeId: string; email: string }[];
  const emile = employees.find((e) => e.email === 'employee@example.com');
  const out = [];
  for (const [i, c] of customers.slice(0, 3).entries()) {
    const d = new Date(); d.setDate(d.getDate() + 1 + i); d.setHours(10 + i, 0, 0, 0);
    const a = (await (await fetch('/api/v1/appointments', { method: 'POST', headers: h, body: JSON.stringify({ customerId: c.customerId, serviceIds: [services[i]?.serviceId], appointmentDate: d.toISOString(), status: 'confirmed', comments: 'Door code 4321' }) })).json()) as { appointmentId: string };
    const r = await fetch(`/api/v1/appointments/${a.appointmentId}/assignments`, { method: 'PUT', headers: h, body: JSON.stringify({ employeeIds: [emile?.employeeId] }) });
    out.push(r.status);
  }
  const s = await fetch('/api/v1/schedules', { method: 'POST', headers: h, body: JSON.stringify({ employeeId: emile?.employeeId, assignedDate: new Date(Date.now() + 86400000).toISOString().slice(0, 16), shift: 'MORNING', status: 'APPROVED' }) });
  out.push(s.status);
  return out;
});
console.log(result);
await browser.close();
