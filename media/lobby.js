// The landing page: the server's health, the owner link's state and the open games
// (GET /health, /owner, /games; refreshed every few seconds). No game UI here yet.
const $ = (id) => document.getElementById(id);

function text(el, s) {
  el.textContent = s;
}

async function getJSON(path, headers = {}) {
  const r = await fetch(path, { headers, cache: 'no-store' });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.json();
}

async function showOwner() {
  const token = new URLSearchParams(location.search).get('owner');
  if (!token) return;
  $('owner').hidden = false;
  const el = $('owner-state');
  try {
    const { owner } = await getJSON('/owner', { Authorization: `Bearer ${token}` });
    text(el, owner ? 'This link is the owner link: you can create and end games, approve words and remove players.' : 'This owner link is not valid for this server.');
    el.className = owner ? 'ok' : 'bad';
  } catch (e) {
    text(el, `Could not check the owner link: ${e.message}`);
    el.className = 'bad';
  }
}

async function refresh() {
  try {
    const h = await getJSON('/health');
    text($('server'), `Server ${h.version}, up ${h.uptime} s, ${h.games} open game${h.games === 1 ? '' : 's'}.`);
    const games = await getJSON('/games');
    const body = $('games').tBodies[0];
    body.replaceChildren(
      ...games.map((g) => {
        const tr = document.createElement('tr');
        for (const v of [g.id, g.kind, `${g.players}/${g.maxPlayers}`, g.robots, g.state]) {
          const td = document.createElement('td');
          td.textContent = String(v);
          tr.append(td);
        }
        return tr;
      }),
    );
    $('empty').hidden = games.length > 0;
  } catch (e) {
    text($('server'), `The server does not answer: ${e.message}`);
  }
}

void showOwner();
void refresh();
setInterval(refresh, 5000);
