// A bench-only Next app: the least a Next route can do to relay an image service's answer. The
// benchmark sets the playground's route beside it, so the playground's own cost is judged against
// what the framework itself costs. Never deployed with the product.
const nextConfig = { poweredByHeader: false };

export default nextConfig;
