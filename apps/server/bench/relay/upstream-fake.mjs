// An OpenAI Chat Completions upstream for the relay bench: streams SSE chunks exactly as OpenAI
// does (role chunk, one content chunk a token, finish chunk, usage chunk when asked, [DONE]),
// the first token 50 ms after the request and then 50 tokens a second, 400 tokens. A request whose
// last message holds "[bench:short]" gets 40 tokens 2 ms apart (the memory bench's many quick
// requests); only the last message counts, as a thread's history may hold earlier short prompts.
// Run as its own process: node upstream-fake.mjs <port>; it prints "ready <port>".
import http from 'node:http';

const SERVED = ['gpt-4o', 'gpt-4o-mini', 'gpt-6-luna'];
const WORDS = ' the relay keeps every token in order while the client reads it quickly and'.split(/(?= )/);
const port = Number(process.argv[2] ?? 0);

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url?.startsWith('/v1/models')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ object: 'list', data: SERVED.map((id) => ({ id, object: 'model', created: 1715367049, owned_by: 'system' })) }),
    );
    return;
  }
  if (req.method !== 'POST' || !req.url?.startsWith('/v1/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"not found","type":"invalid_request_error","param":null,"code":null}}');
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const short = JSON.stringify(messages.at(-1) ?? null).includes('[bench:short]');
    const total = short ? 40 : 400;
    const every = short ? 2 : 20;
    const id = `chatcmpl-${Math.random().toString(36).slice(2, 14)}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = body.stream_options?.include_usage === true;
    const head = `{"id":"${id}","object":"chat.completion.chunk","created":${created},"model":"gpt-4o-2024-08-06","service_tier":"default","system_fingerprint":"fp_bench","choices":[`;
    const tail = usage ? ',"usage":null}' : '}';
    const chunk = (delta, finish) => `data: ${head}{"index":0,"delta":${delta},"logprobs":null,"finish_reason":${finish}}]${tail}\n\n`;
    if (!body.stream) {
      const text = Array.from({ length: total }, (_, i) => WORDS[i % WORDS.length]).join('');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: 'gpt-4o-2024-08-06',
          choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
          usage: { prompt_tokens: 20, completion_tokens: total, total_tokens: 20 + total },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(chunk('{"role":"assistant","content":"","refusal":null}', 'null'));
    let sent = 0;
    let timer;
    const tick = () => {
      if (res.destroyed) return clearInterval(timer);
      res.write(chunk(`{"content":${JSON.stringify(WORDS[sent % WORDS.length])}}`, 'null'));
      if (++sent < total) return;
      clearInterval(timer);
      res.write(chunk('{}', '"stop"'));
      if (usage)
        res.write(
          `data: ${head}],"usage":{"prompt_tokens":20,"completion_tokens":${total},"total_tokens":${20 + total},"prompt_tokens_details":{"cached_tokens":0,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,"accepted_prediction_tokens":0,"rejected_prediction_tokens":0}}}\n\n`,
        );
      res.end('data: [DONE]\n\n');
    };
    const first = setTimeout(() => {
      tick();
      timer = setInterval(tick, every);
    }, 50);
    res.on('close', () => {
      clearTimeout(first);
      clearInterval(timer);
    });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => console.log(`ready ${server.address().port}`));
