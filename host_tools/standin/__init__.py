"""Parts of the device stand-in (python -m host_tools.device_standin): supervisor and worker."""
