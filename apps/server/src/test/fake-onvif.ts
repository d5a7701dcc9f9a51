import { createServer, type Server } from 'node:http';
import { passwordDigest } from '../modules/cameras/onvif.js';

/**
 * An ONVIF camera's web service, enough for GetCapabilities, GetProfiles and GetStreamUri (ONVIF Core and Media
 * ver10): it checks each request's WS-Security password digest against its user and password and answers the
 * NotAuthorized fault otherwise, names its media service and streams on a private address it is not reachable
 * at (as a camera behind a router does), and has `sources` video sources with a 1920×1080 and a 640×360 profile
 * each. `actions` are the SOAP actions it was asked, in order.
 */
export async function fakeOnvif(opts: {
  username: string;
  password: string;
  sources?: number;
}): Promise<{ port: number; actions: string[]; close(): Promise<void> }> {
  const actions: string[] = [];
  const sources = opts.sources ?? 1;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const action = /<s:Body><(\w+)/.exec(raw)?.[1] ?? '';
      actions.push(action);
      const user = /<wsse:Username>([^<]*)</.exec(raw)?.[1];
      const digest = /<wsse:Password[^>]*>([^<]*)</.exec(raw)?.[1];
      const nonce = /<wsse:Nonce[^>]*>([^<]*)</.exec(raw)?.[1];
      const created = /<wsu:Created>([^<]*)</.exec(raw)?.[1];
      const authorised =
        user === opts.username &&
        nonce !== undefined &&
        created !== undefined &&
        digest === passwordDigest(Buffer.from(nonce, 'base64'), created, opts.password);
      const reply = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope" ` +
            `xmlns:tt="http://www.onvif.org/ver10/schema" xmlns:trt="http://www.onvif.org/ver10/media/wsdl" ` +
            `xmlns:tds="http://www.onvif.org/ver10/device/wsdl" xmlns:ter="http://www.onvif.org/ver10/error">` +
            `<env:Body>${body}</env:Body></env:Envelope>`,
        );
      };
      if (!authorised) {
        reply(
          400,
          '<env:Fault><env:Code><env:Value>env:Sender</env:Value><env:Subcode><env:Value>ter:NotAuthorized</env:Value>' +
            '</env:Subcode></env:Code><env:Reason><env:Text xml:lang="en">Sender not authorized</env:Text></env:Reason></env:Fault>',
        );
        return;
      }
      if (action === 'GetCapabilities' && req.url === '/onvif/device_service') {
        reply(
          200,
          '<tds:GetCapabilitiesResponse><tds:Capabilities><tt:Media>' +
            '<tt:XAddr>http://192.168.1.64/onvif/Media</tt:XAddr></tt:Media></tds:Capabilities></tds:GetCapabilitiesResponse>',
        );
        return;
      }
      if (action === 'GetProfiles' && req.url === '/onvif/Media') {
        const profiles = Array.from({ length: sources }, (_, i) => {
          const profile = (token: string, w: number, h: number) =>
            `<trt:Profiles token="${token}" fixed="true"><tt:Name>${token}</tt:Name>` +
            `<tt:VideoSourceConfiguration token="vsc${i + 1}"><tt:SourceToken>VideoSource_${i + 1}</tt:SourceToken>` +
            `</tt:VideoSourceConfiguration><tt:VideoEncoderConfiguration token="enc_${token}"><tt:Encoding>H264</tt:Encoding>` +
            `<tt:Resolution><tt:Width>${w}</tt:Width><tt:Height>${h}</tt:Height></tt:Resolution></tt:VideoEncoderConfiguration>` +
            '</trt:Profiles>';
          // The sub profile first: the order says nothing of which is larger.
          return profile(`Sub_${i + 1}`, 640, 360) + profile(`Main_${i + 1}`, 1920, 1080);
        }).join('');
        reply(200, `<trt:GetProfilesResponse>${profiles}</trt:GetProfilesResponse>`);
        return;
      }
      if (action === 'GetStreamUri' && req.url === '/onvif/Media') {
        const token = /<ProfileToken>([^<]*)</.exec(raw)?.[1] ?? '';
        reply(
          200,
          '<trt:GetStreamUriResponse><trt:MediaUri>' +
            `<tt:Uri>rtsp://192.168.1.64:554/onvif/stream?profile=${token}</tt:Uri>` +
            '<tt:InvalidAfterConnect>false</tt:InvalidAfterConnect><tt:Timeout>PT0S</tt:Timeout>' +
            '</trt:MediaUri></trt:GetStreamUriResponse>',
        );
        return;
      }
      reply(
        400,
        '<env:Fault><env:Code><env:Value>env:Receiver</env:Value></env:Code><env:Reason>' +
          '<env:Text xml:lang="en">Action not supported</env:Text></env:Reason></env:Fault>',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    actions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
