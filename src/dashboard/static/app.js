// Every page: copy buttons, and the templates list's instant search. Works on top of pages that
// already work without it (the search form submits; the ID is selectable text).

function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // http on another host than localhost has no async clipboard: copy through a selection
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'offscreen';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  return ok ? Promise.resolve() : Promise.reject(new Error('copy refused'));
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button.copy') : null;
  if (!button) return;
  const label = button.textContent;
  copyText(button.dataset.copy ?? '').then(
    () => { button.textContent = 'Copied'; },
    () => { button.textContent = 'Select and copy'; },
  ).finally(() => setTimeout(() => { button.textContent = label; }, 1500));
});

for (const input of document.querySelectorAll('input[data-filter]')) {
  const body = document.querySelector(input.dataset.filter);
  const count = document.getElementById('template-count');
  if (!body) continue;
  const rows = [...body.querySelectorAll('tr[data-search]')];
  const total = count ? count.textContent.replace(/^\d+ of /, '') : '';
  input.addEventListener('input', () => {
    const needle = input.value.trim().toLowerCase();
    let shown = 0;
    for (const row of rows) {
      const match = !needle || row.dataset.search.includes(needle);
      row.hidden = !match;
      if (match) shown++;
    }
    if (count) count.textContent = `${shown} of ${total}`;
  });
}
