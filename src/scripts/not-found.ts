// The missing path is logged to the browser console, as the product asks, for whoever debugs a bad link.
console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
