// The SPEC asks for the missing path in the browser console.
console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
