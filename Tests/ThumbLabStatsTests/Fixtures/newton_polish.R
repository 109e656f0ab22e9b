# Newton steps on numDeriv's Richardson gradient and Hessian from an optimiser's answer, shared by
# the mixed-model fixture scripts (`source(file.path(here, "newton_polish.R"))`). The REML or ML
# deviance is so flat at its minimum that function values fix theta only to about 1e-6, the root
# of its gradient to about 1e-9, so the references are polished to the optimum itself rather than
# one optimiser's stopping point. Parameters at their lower bound of 0 stay there; a step that
# leaves the bounds, is large, or raises the deviance ends the polishing.
polish <- function(devfun, theta, lower) {
  for (it in 1:10) {
    free <- !(lower == 0 & theta < 1e-6)
    if (!any(free)) break
    f <- function(t) { x <- theta; x[free] <- t; devfun(x) }
    g <- numDeriv::grad(f, theta[free])
    h <- numDeriv::hessian(f, theta[free])
    step <- tryCatch(solve(h, g), error = function(e) NULL)
    if (is.null(step)) break
    new <- theta; new[free] <- theta[free] - step
    if (any(new < lower) || max(abs(step)) > 0.1 * (max(abs(theta)) + 0.1) ||
        devfun(new) > devfun(theta) + 1e-9 * abs(devfun(theta))) break
    theta <- new
    if (max(abs(step)) < 1e-11) break
  }
  theta
}
