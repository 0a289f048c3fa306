// The announcement banner closes for this page view only: the choice is deliberately not remembered.
document.querySelector('[data-banner-close]')?.addEventListener('click', () => {
  document.querySelector('[data-banner]')?.remove();
});
