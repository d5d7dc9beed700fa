// yamlls.js SERVER -- drives the YAML language server over stdio as an
// editor does, to see that it reads muster's schemas from an example's
// first line: opens a copy of units/shellshock/mason.yaml with a misspelt
// key and a value out of range and prints the server's diagnostics, then
// asks for the keys it completes under movement:.  Not part of make
// check (it needs npm):
//   npm install --prefix /tmp/yls yaml-language-server@1
//   node tools/yamlls.js /tmp/yls/node_modules/.bin/yaml-language-server
const { spawn } = require('child_process');
const fs = require('fs');
const top = require('path').resolve(__dirname, '..');
const srv = spawn(process.argv[2] || 'yaml-language-server', ['--stdio']);
let buf = Buffer.alloc(0), id = 0;
const pending = {};
function send(msg) {
  const s = JSON.stringify(Object.assign({ jsonrpc: '2.0' }, msg));
  srv.stdin.write('Content-Length: ' + Buffer.byteLength(s) + '\r\n\r\n' + s);
}
function request(method, params) {
  return new Promise(res => { pending[++id] = res; send({ id, method, params }); });
}
srv.stdout.on('data', d => {
  buf = Buffer.concat([buf, d]);
  for (;;) {
    const h = buf.indexOf('\r\n\r\n');
    if (h < 0) return;
    const len = +/Content-Length: (\d+)/.exec(buf.slice(0, h).toString())[1];
    if (buf.length < h + 4 + len) return;
    const m = JSON.parse(buf.slice(h + 4, h + 4 + len).toString());
    buf = buf.slice(h + 4 + len);
    if (m.id && pending[m.id]) { pending[m.id](m.result); delete pending[m.id]; }
    else if (m.method === 'textDocument/publishDiagnostics' && m.params.diagnostics.length) {
      console.log('diagnostics:');
      for (const x of m.params.diagnostics)
        console.log('  line ' + (x.range.start.line + 1) + ':' + (x.range.start.character + 1) + ' ' + x.message.replace(/\s+/g, ' '));
      done.diag = true;
    } else if (m.method === 'workspace/configuration') {
      send({ id: m.id, result: m.params.items.map(() => ({ validate: true, completion: true, hover: true, schemas: {} })) });
    } else if (m.id !== undefined && m.method) {
      send({ id: m.id, result: null });
    }
  }
});
const done = {};
(async () => {
  const uri = 'file://' + top + '/units/shellshock/typo.yaml';
  let text = fs.readFileSync(top + '/units/shellshock/mason.yaml', 'utf8');
  text = text.replace('gunners: 2', 'gunner: 2').replace('max_speed: 9', 'max_speed: 900');
  await request('initialize', { processId: process.pid, rootUri: 'file://' + top, capabilities: { textDocument: { completion: { completionItem: { snippetSupport: false } } } } });
  send({ method: 'initialized', params: {} });
  send({ method: 'workspace/didChangeConfiguration', params: { settings: { yaml: { validate: true, completion: true, hover: true, schemas: {} } } } });
  send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text } } });
  for (let i = 0; i < 50 && !done.diag; i++) await new Promise(r => setTimeout(r, 200));
  // completion on an empty line inside movement:
  const fresh = '# yaml-language-server: $schema=../../schemas/shellshock-card.json\nsystem: shellshock\nkind: card\nmovement:\n  \n';
  send({ method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ text: fresh }] } });
  const at = 4;
  const c = await request('textDocument/completion', { textDocument: { uri }, position: { line: at, character: 2 } });
  const items = (c && (c.items || c)) || [];
  console.log('completion under movement: ' + items.map(i => i.label).join(', '));
  srv.kill();
  process.exit(0);
})();
setTimeout(() => { console.log('timeout'); process.exit(1); }, 30000);
