// The Node.js flags every API process runs with (`npm start`, `npm run api`, and the processes tests and
// benchmarks start). A young generation of 64 MB: a large pay run allocates heavily and short-lived (decoded
// employees, figures, entry rows), and with the default 16 MB it spent about a fifth of its time collecting
// garbage; a 10,000-employee run is about 10 % faster with it. The heap grows to it only under such load.
export const API_NODE_FLAGS = ['--max-semi-space-size=64'];
